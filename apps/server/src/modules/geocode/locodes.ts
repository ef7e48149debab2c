import { normalise } from './gazetteer.js';

/**
 * UN/LOCODEs of the world's main container ports and cargo airports, with the position of the
 * port (its main container terminals) or the airport, to 0.01° (about 1 km). The codes are
 * UNECE's (UN/LOCODE, free to use); names and positions were compiled by hand from public
 * knowledge (see the README's "Data and attribution"). One entry per code: where a city's code
 * stands for both its port and its airport, the position is the port's.
 */
type Entry = readonly [code: string, name: string, lat: number, lng: number, kind: 'P' | 'A'];

const ENTRIES: readonly Entry[] = [
  // East Asia
  ['CNSHA', 'Shanghai', 30.63, 122.07, 'P'],
  ['CNNGB', 'Ningbo-Zhoushan', 29.93, 121.86, 'P'],
  ['CNSZX', 'Shenzhen', 22.5, 113.88, 'P'],
  ['CNYTN', 'Yantian', 22.57, 114.27, 'P'],
  ['CNSHK', 'Shekou', 22.48, 113.91, 'P'],
  ['CNTAO', 'Qingdao', 36.01, 120.21, 'P'],
  ['CNCAN', 'Guangzhou', 23.09, 113.43, 'P'],
  ['CNNSA', 'Nansha', 22.73, 113.64, 'P'],
  ['CNTSN', 'Tianjin', 38.99, 117.76, 'P'],
  ['CNTXG', 'Tianjin Xingang', 39.0, 117.78, 'P'],
  ['CNXMN', 'Xiamen', 24.48, 118.07, 'P'],
  ['CNDLC', 'Dalian', 38.94, 121.65, 'P'],
  ['CNLYG', 'Lianyungang', 34.74, 119.45, 'P'],
  ['CNRZH', 'Rizhao', 35.38, 119.55, 'P'],
  ['CNYIK', 'Yingkou', 40.27, 122.1, 'P'],
  ['CNFOC', 'Fuzhou', 25.99, 119.45, 'P'],
  ['CNNKG', 'Nanjing', 32.1, 118.73, 'P'],
  ['CNTAG', 'Taicang', 31.64, 121.22, 'P'],
  ['CNDGG', 'Dongguan', 22.85, 113.6, 'P'],
  ['CNZUH', 'Zhuhai', 22.27, 113.58, 'P'],
  ['CNQZH', 'Qinzhou', 21.68, 108.63, 'P'],
  ['CNWUH', 'Wuhan', 30.63, 114.35, 'P'],
  ['CNHAK', 'Haikou', 20.03, 110.35, 'P'],
  ['CNQZJ', 'Quanzhou', 24.87, 118.68, 'P'],
  ['CNZJG', 'Zhangjiagang', 31.97, 120.4, 'P'],
  ['CNNTG', 'Nantong', 32.0, 120.85, 'P'],
  ['CNZHA', 'Zhanjiang', 21.2, 110.41, 'P'],
  ['CNPVG', 'Shanghai Pudong Airport', 31.14, 121.81, 'A'],
  ['CNPEK', 'Beijing Capital Airport', 40.08, 116.58, 'A'],
  ['CNCTU', 'Chengdu Shuangliu Airport', 30.58, 103.95, 'A'],
  ['CNCGO', 'Zhengzhou Xinzheng Airport', 34.52, 113.84, 'A'],
  ['HKHKG', 'Hong Kong', 22.34, 114.12, 'P'],
  ['TWKHH', 'Kaohsiung', 22.57, 120.31, 'P'],
  ['TWKEL', 'Keelung', 25.15, 121.74, 'P'],
  ['TWTXG', 'Taichung', 24.27, 120.51, 'P'],
  ['TWTPE', 'Taipei', 25.15, 121.38, 'P'],
  ['KRPUS', 'Busan', 35.08, 128.83, 'P'],
  ['KRINC', 'Incheon', 37.45, 126.6, 'P'],
  ['KRKAN', 'Gwangyang', 34.91, 127.7, 'P'],
  ['KRUSN', 'Ulsan', 35.5, 129.38, 'P'],
  ['KRPTK', 'Pyeongtaek', 36.97, 126.83, 'P'],
  ['JPTYO', 'Tokyo', 35.62, 139.79, 'P'],
  ['JPYOK', 'Yokohama', 35.45, 139.66, 'P'],
  ['JPNGO', 'Nagoya', 35.05, 136.85, 'P'],
  ['JPUKB', 'Kobe', 34.67, 135.22, 'P'],
  ['JPOSA', 'Osaka', 34.64, 135.42, 'P'],
  ['JPHKT', 'Hakata', 33.61, 130.4, 'P'],
  ['JPSMZ', 'Shimizu', 35.02, 138.5, 'P'],
  ['JPNRT', 'Tokyo Narita Airport', 35.77, 140.39, 'A'],
  ['JPKIX', 'Osaka Kansai Airport', 34.43, 135.23, 'A'],
  ['RUVVO', 'Vladivostok', 43.11, 131.88, 'P'],
  // South-East and South Asia
  ['SGSIN', 'Singapore', 1.27, 103.78, 'P'],
  ['MYPKG', 'Port Klang', 3.0, 101.39, 'P'],
  ['MYTPP', 'Tanjung Pelepas', 1.36, 103.55, 'P'],
  ['MYPEN', 'Penang', 5.41, 100.35, 'P'],
  ['MYPGU', 'Pasir Gudang', 1.46, 103.9, 'P'],
  ['MYBTU', 'Bintulu', 3.26, 113.06, 'P'],
  ['MYKUL', 'Kuala Lumpur Airport', 2.74, 101.7, 'A'],
  ['IDTPP', 'Jakarta Tanjung Priok', -6.1, 106.88, 'P'],
  ['IDSUB', 'Surabaya', -7.2, 112.73, 'P'],
  ['IDSRG', 'Semarang', -6.95, 110.42, 'P'],
  ['IDBLW', 'Belawan', 3.79, 98.69, 'P'],
  ['IDMAK', 'Makassar', -5.13, 119.41, 'P'],
  ['THLCH', 'Laem Chabang', 13.08, 100.88, 'P'],
  ['THBKK', 'Bangkok', 13.7, 100.57, 'P'],
  ['VNSGN', 'Ho Chi Minh City', 10.76, 106.79, 'P'],
  ['VNCMT', 'Cai Mep', 10.53, 107.03, 'P'],
  ['VNHPH', 'Haiphong', 20.86, 106.68, 'P'],
  ['VNDAD', 'Da Nang', 16.12, 108.21, 'P'],
  ['VNHAN', 'Hanoi Noi Bai Airport', 21.22, 105.81, 'A'],
  ['PHMNL', 'Manila', 14.6, 120.96, 'P'],
  ['PHCEB', 'Cebu', 10.3, 123.91, 'P'],
  ['LKCMB', 'Colombo', 6.95, 79.84, 'P'],
  ['INNSA', 'Nhava Sheva', 18.95, 72.95, 'P'],
  ['INMUN', 'Mundra', 22.74, 69.7, 'P'],
  ['INMAA', 'Chennai', 13.1, 80.3, 'P'],
  ['INPAV', 'Pipavav', 20.91, 71.51, 'P'],
  ['INCOK', 'Kochi', 9.97, 76.26, 'P'],
  ['INVTZ', 'Visakhapatnam', 17.69, 83.29, 'P'],
  ['INKOL', 'Kolkata', 22.55, 88.31, 'P'],
  ['INHZA', 'Hazira', 21.1, 72.63, 'P'],
  ['INKAT', 'Kattupalli', 13.32, 80.34, 'P'],
  ['INTUT', 'Tuticorin', 8.75, 78.19, 'P'],
  ['INIXY', 'Kandla', 23.0, 70.22, 'P'],
  ['INBOM', 'Mumbai', 18.94, 72.84, 'P'],
  ['INDEL', 'Delhi Airport', 28.56, 77.1, 'A'],
  ['INBLR', 'Bengaluru Airport', 13.2, 77.71, 'A'],
  ['PKKHI', 'Karachi', 24.84, 66.98, 'P'],
  ['PKBQM', 'Port Qasim', 24.77, 67.34, 'P'],
  ['BDCGP', 'Chattogram', 22.31, 91.8, 'P'],
  // Middle East
  ['AEJEA', 'Jebel Ali', 25.01, 55.06, 'P'],
  ['AEKHL', 'Khalifa Port', 24.81, 54.65, 'P'],
  ['AEKLF', 'Khor Fakkan', 25.35, 56.36, 'P'],
  ['AESHJ', 'Sharjah', 25.37, 55.38, 'P'],
  ['AEDXB', 'Dubai Airport', 25.25, 55.36, 'A'],
  ['AEDWC', 'Dubai World Central Airport', 24.9, 55.16, 'A'],
  ['OMSLL', 'Salalah', 16.94, 54.0, 'P'],
  ['OMSOH', 'Sohar', 24.5, 56.62, 'P'],
  ['SAJED', 'Jeddah', 21.47, 39.17, 'P'],
  ['SADMM', 'Dammam', 26.5, 50.2, 'P'],
  ['SAKAC', 'King Abdullah Port', 22.53, 39.09, 'P'],
  ['SARUH', 'Riyadh Airport', 24.96, 46.7, 'A'],
  ['QAHMD', 'Hamad Port', 25.0, 51.6, 'P'],
  ['QADOH', 'Doha Airport', 25.27, 51.61, 'A'],
  ['KWSWK', 'Shuwaikh', 29.35, 47.93, 'P'],
  ['BHKBS', 'Khalifa Bin Salman Port', 26.2, 50.72, 'P'],
  ['IRBND', 'Bandar Abbas', 27.14, 56.21, 'P'],
  ['IQUQR', 'Umm Qasr', 30.03, 47.95, 'P'],
  ['ILHFA', 'Haifa', 32.82, 35.0, 'P'],
  ['ILASH', 'Ashdod', 31.83, 34.64, 'P'],
  ['JOAQJ', 'Aqaba', 29.5, 35.0, 'P'],
  ['LBBEY', 'Beirut', 33.9, 35.52, 'P'],
  ['TRMER', 'Mersin', 36.8, 34.64, 'P'],
  ['TRAMR', 'Ambarli', 40.97, 28.69, 'P'],
  ['TRIZM', 'Izmir', 38.44, 27.15, 'P'],
  ['TRGEM', 'Gemlik', 40.43, 29.12, 'P'],
  ['TRIST', 'Istanbul Airport', 41.26, 28.74, 'A'],
  // Europe
  ['NLRTM', 'Rotterdam', 51.95, 4.14, 'P'],
  ['NLAMS', 'Amsterdam', 52.31, 4.76, 'A'],
  ['BEANR', 'Antwerp', 51.27, 4.34, 'P'],
  ['BEZEE', 'Zeebrugge', 51.33, 3.2, 'P'],
  ['BELGG', 'Liège Airport', 50.64, 5.44, 'A'],
  ['DEHAM', 'Hamburg', 53.54, 9.93, 'P'],
  ['DEBRV', 'Bremerhaven', 53.58, 8.54, 'P'],
  ['DEWVN', 'Wilhelmshaven', 53.6, 8.15, 'P'],
  ['DEFRA', 'Frankfurt Airport', 50.04, 8.56, 'A'],
  ['DELEJ', 'Leipzig/Halle Airport', 51.42, 12.24, 'A'],
  ['DECGN', 'Cologne Bonn Airport', 50.87, 7.14, 'A'],
  ['GBFXT', 'Felixstowe', 51.96, 1.35, 'P'],
  ['GBSOU', 'Southampton', 50.9, -1.43, 'P'],
  ['GBLGP', 'London Gateway', 51.5, 0.47, 'P'],
  ['GBLIV', 'Liverpool', 53.45, -3.02, 'P'],
  ['GBTIL', 'Tilbury', 51.46, 0.35, 'P'],
  ['GBIMM', 'Immingham', 53.63, -0.19, 'P'],
  ['GBLHR', 'London Heathrow Airport', 51.47, -0.45, 'A'],
  ['IEDUB', 'Dublin', 53.35, -6.22, 'P'],
  ['FRLEH', 'Le Havre', 49.47, 0.15, 'P'],
  ['FRFOS', 'Fos-sur-Mer', 43.42, 4.87, 'P'],
  ['FRMRS', 'Marseille', 43.35, 5.33, 'P'],
  ['FRDKK', 'Dunkirk', 51.03, 2.3, 'P'],
  ['FRCDG', 'Paris Charles de Gaulle Airport', 49.01, 2.55, 'A'],
  ['LULUX', 'Luxembourg Airport', 49.63, 6.21, 'A'],
  ['ESALG', 'Algeciras', 36.13, -5.44, 'P'],
  ['ESVLC', 'Valencia', 39.44, -0.32, 'P'],
  ['ESBCN', 'Barcelona', 41.35, 2.16, 'P'],
  ['ESBIO', 'Bilbao', 43.35, -3.05, 'P'],
  ['ESLPA', 'Las Palmas', 28.14, -15.42, 'P'],
  ['ESMAD', 'Madrid Airport', 40.47, -3.56, 'A'],
  ['PTSIE', 'Sines', 37.95, -8.87, 'P'],
  ['PTLIS', 'Lisbon', 38.7, -9.14, 'P'],
  ['PTLEI', 'Leixões', 41.18, -8.7, 'P'],
  ['ITGOA', 'Genoa', 44.41, 8.91, 'P'],
  ['ITGIT', 'Gioia Tauro', 38.44, 15.9, 'P'],
  ['ITSPE', 'La Spezia', 44.1, 9.84, 'P'],
  ['ITLIV', 'Livorno', 43.56, 10.3, 'P'],
  ['ITTRS', 'Trieste', 45.63, 13.76, 'P'],
  ['ITNAP', 'Naples', 40.84, 14.27, 'P'],
  ['ITVCE', 'Venice', 45.45, 12.25, 'P'],
  ['ITMIL', 'Milan Malpensa Airport', 45.63, 8.72, 'A'],
  ['MTMAR', 'Marsaxlokk', 35.83, 14.54, 'P'],
  ['GRPIR', 'Piraeus', 37.94, 23.63, 'P'],
  ['GRSKG', 'Thessaloniki', 40.63, 22.93, 'P'],
  ['SIKOP', 'Koper', 45.55, 13.73, 'P'],
  ['HRRJK', 'Rijeka', 45.33, 14.43, 'P'],
  ['ROCND', 'Constanța', 44.16, 28.66, 'P'],
  ['UAODS', 'Odesa', 46.49, 30.74, 'P'],
  ['PLGDN', 'Gdańsk', 54.39, 18.67, 'P'],
  ['PLGDY', 'Gdynia', 54.53, 18.56, 'P'],
  ['SEGOT', 'Gothenburg', 57.69, 11.85, 'P'],
  ['DKAAR', 'Aarhus', 56.15, 10.23, 'P'],
  ['NOOSL', 'Oslo', 59.9, 10.74, 'P'],
  ['FIHEL', 'Helsinki', 60.21, 25.19, 'P'],
  ['FIKTK', 'Kotka', 60.46, 26.94, 'P'],
  ['EETLL', 'Tallinn', 59.45, 24.77, 'P'],
  ['LVRIX', 'Riga', 56.97, 24.1, 'P'],
  ['LTKLJ', 'Klaipėda', 55.7, 21.13, 'P'],
  ['RULED', 'Saint Petersburg', 59.88, 30.22, 'P'],
  ['RUNVS', 'Novorossiysk', 44.72, 37.78, 'P'],
  ['RUMOW', 'Moscow Sheremetyevo Airport', 55.97, 37.41, 'A'],
  // Africa
  ['MAPTM', 'Tanger Med', 35.89, -5.5, 'P'],
  ['MACAS', 'Casablanca', 33.6, -7.61, 'P'],
  ['DZALG', 'Algiers', 36.77, 3.07, 'P'],
  ['TNRAD', 'Radès', 36.8, 10.28, 'P'],
  ['EGPSD', 'Port Said', 31.22, 32.35, 'P'],
  ['EGALY', 'Alexandria', 31.18, 29.87, 'P'],
  ['EGDAM', 'Damietta', 31.47, 31.76, 'P'],
  ['EGCAI', 'Cairo Airport', 30.12, 31.41, 'A'],
  ['SDPZU', 'Port Sudan', 19.61, 37.22, 'P'],
  ['DJJIB', 'Djibouti', 11.6, 43.14, 'P'],
  ['ETADD', 'Addis Ababa Airport', 8.98, 38.8, 'A'],
  ['KEMBA', 'Mombasa', -4.04, 39.65, 'P'],
  ['KENBO', 'Nairobi Airport', -1.32, 36.93, 'A'],
  ['TZDAR', 'Dar es Salaam', -6.83, 39.29, 'P'],
  ['MZMPM', 'Maputo', -25.97, 32.56, 'P'],
  ['MUPLU', 'Port Louis', -20.16, 57.5, 'P'],
  ['ZADUR', 'Durban', -29.87, 31.03, 'P'],
  ['ZACPT', 'Cape Town', -33.91, 18.44, 'P'],
  ['ZAPLZ', 'Port Elizabeth', -33.96, 25.63, 'P'],
  ['ZAZBA', 'Ngqura', -33.8, 25.68, 'P'],
  ['ZAJNB', 'Johannesburg Airport', -26.14, 28.24, 'A'],
  ['NAWVB', 'Walvis Bay', -22.95, 14.5, 'P'],
  ['AOLAD', 'Luanda', -8.79, 13.24, 'P'],
  ['CMDLA', 'Douala', 4.04, 9.69, 'P'],
  ['NGAPP', 'Lagos Apapa', 6.44, 3.36, 'P'],
  ['BJCOO', 'Cotonou', 6.35, 2.43, 'P'],
  ['TGLFW', 'Lomé', 6.13, 1.28, 'P'],
  ['GHTEM', 'Tema', 5.63, 0.01, 'P'],
  ['CIABJ', 'Abidjan', 5.28, -4.01, 'P'],
  ['SNDKR', 'Dakar', 14.68, -17.43, 'P'],
  // North America
  ['USLAX', 'Los Angeles', 33.74, -118.26, 'P'],
  ['USLGB', 'Long Beach', 33.75, -118.21, 'P'],
  ['USNYC', 'New York / New Jersey', 40.67, -74.15, 'P'],
  ['USSAV', 'Savannah', 32.12, -81.14, 'P'],
  ['USHOU', 'Houston', 29.65, -95.01, 'P'],
  ['USSEA', 'Seattle', 47.58, -122.35, 'P'],
  ['USTIW', 'Tacoma', 47.27, -122.41, 'P'],
  ['USORF', 'Norfolk', 36.91, -76.33, 'P'],
  ['USCHS', 'Charleston', 32.78, -79.92, 'P'],
  ['USOAK', 'Oakland', 37.8, -122.32, 'P'],
  ['USMIA', 'Miami', 25.77, -80.17, 'P'],
  ['USPEF', 'Port Everglades', 26.09, -80.12, 'P'],
  ['USJAX', 'Jacksonville', 30.4, -81.55, 'P'],
  ['USBAL', 'Baltimore', 39.25, -76.56, 'P'],
  ['USPHL', 'Philadelphia', 39.9, -75.14, 'P'],
  ['USBOS', 'Boston', 42.35, -71.03, 'P'],
  ['USMOB', 'Mobile', 30.69, -88.04, 'P'],
  ['USMSY', 'New Orleans', 29.93, -90.06, 'P'],
  ['USHNL', 'Honolulu', 21.31, -157.87, 'P'],
  ['USMEM', 'Memphis Airport', 35.04, -89.98, 'A'],
  ['USANC', 'Anchorage Airport', 61.17, -149.99, 'A'],
  ['USSDF', 'Louisville Airport', 38.17, -85.74, 'A'],
  ['USCVG', 'Cincinnati/Northern Kentucky Airport', 39.05, -84.67, 'A'],
  ['USIND', 'Indianapolis Airport', 39.72, -86.29, 'A'],
  ['USCHI', 'Chicago O’Hare Airport', 41.98, -87.9, 'A'],
  ['USDFW', 'Dallas/Fort Worth Airport', 32.9, -97.04, 'A'],
  ['USATL', 'Atlanta Airport', 33.64, -84.43, 'A'],
  ['USONT', 'Ontario Airport', 34.06, -117.6, 'A'],
  ['USEWR', 'Newark Airport', 40.69, -74.17, 'A'],
  ['CAVAN', 'Vancouver', 49.29, -123.1, 'P'],
  ['CAPRR', 'Prince Rupert', 54.3, -130.35, 'P'],
  ['CAMTR', 'Montreal', 45.55, -73.53, 'P'],
  ['CAHAL', 'Halifax', 44.63, -63.56, 'P'],
  ['CATOR', 'Toronto Pearson Airport', 43.68, -79.63, 'A'],
  ['MXZLO', 'Manzanillo', 19.06, -104.31, 'P'],
  ['MXLZC', 'Lázaro Cárdenas', 17.95, -102.18, 'P'],
  ['MXVER', 'Veracruz', 19.2, -96.13, 'P'],
  ['MXATM', 'Altamira', 22.48, -97.87, 'P'],
  ['MXMEX', 'Mexico City Airport', 19.44, -99.07, 'A'],
  // Central America and the Caribbean
  ['PAMIT', 'Manzanillo International Terminal', 9.36, -79.88, 'P'],
  ['PAONX', 'Colón', 9.35, -79.87, 'P'],
  ['PACTB', 'Cristóbal', 9.35, -79.91, 'P'],
  ['PABLB', 'Balboa', 8.95, -79.57, 'P'],
  ['CRMOB', 'Moín', 10.0, -83.08, 'P'],
  ['GTPRQ', 'Puerto Quetzal', 13.92, -90.79, 'P'],
  ['JMKIN', 'Kingston', 17.97, -76.82, 'P'],
  ['DOCAU', 'Caucedo', 18.42, -69.63, 'P'],
  ['BSFPO', 'Freeport', 26.52, -78.77, 'P'],
  ['TTPOS', 'Port of Spain', 10.65, -61.52, 'P'],
  // South America
  ['COCTG', 'Cartagena', 10.39, -75.52, 'P'],
  ['COBUN', 'Buenaventura', 3.89, -77.08, 'P'],
  ['COBOG', 'Bogotá Airport', 4.7, -74.15, 'A'],
  ['ECGYE', 'Guayaquil', -2.28, -79.91, 'P'],
  ['PECLL', 'Callao', -12.05, -77.15, 'P'],
  ['CLSAI', 'San Antonio', -33.59, -71.62, 'P'],
  ['CLVAP', 'Valparaíso', -33.03, -71.63, 'P'],
  ['CLSCL', 'Santiago Airport', -33.39, -70.79, 'A'],
  ['BRSSZ', 'Santos', -23.98, -46.3, 'P'],
  ['BRPNG', 'Paranaguá', -25.5, -48.52, 'P'],
  ['BRRIG', 'Rio Grande', -32.06, -52.08, 'P'],
  ['BRIOA', 'Itapoá', -26.12, -48.61, 'P'],
  ['BRNVT', 'Navegantes', -26.88, -48.65, 'P'],
  ['BRITJ', 'Itajaí', -26.9, -48.66, 'P'],
  ['BRSUA', 'Suape', -8.39, -34.96, 'P'],
  ['BRRIO', 'Rio de Janeiro', -22.89, -43.19, 'P'],
  ['BRSSA', 'Salvador', -12.96, -38.51, 'P'],
  ['BRPEC', 'Pecém', -3.54, -38.81, 'P'],
  ['BRMAO', 'Manaus', -3.14, -60.02, 'P'],
  ['BRGRU', 'São Paulo Guarulhos Airport', -23.43, -46.47, 'A'],
  ['BRVCP', 'Campinas Viracopos Airport', -23.01, -47.13, 'A'],
  ['ARBUE', 'Buenos Aires', -34.58, -58.37, 'P'],
  ['UYMVD', 'Montevideo', -34.9, -56.21, 'P'],
  // Oceania
  ['AUMEL', 'Melbourne', -37.83, 144.91, 'P'],
  ['AUSYD', 'Sydney', -33.97, 151.22, 'P'],
  ['AUBNE', 'Brisbane', -27.38, 153.17, 'P'],
  ['AUFRE', 'Fremantle', -32.05, 115.74, 'P'],
  ['AUADL', 'Adelaide', -34.78, 138.49, 'P'],
  ['NZAKL', 'Auckland', -36.84, 174.78, 'P'],
  ['NZTRG', 'Tauranga', -37.65, 176.18, 'P'],
  ['NZLYT', 'Lyttelton', -43.61, 172.72, 'P'],
];

export type Locode = {
  code: string;
  name: string;
  lat: number;
  lng: number;
  kind: 'PORT' | 'AIRPORT';
};

const BY_CODE: ReadonlyMap<string, Locode> = new Map(
  ENTRIES.map(([code, name, lat, lng, kind]) => [
    code,
    { code, name, lat, lng, kind: kind === 'P' ? 'PORT' : 'AIRPORT' },
  ]),
);

/**
 * Other names people give a port or airport: a terminal's (Westport is Port Klang's), the
 * former or local name (Chittagong, Saigon), the name of the port authority (JNPT). Names
 * compare folded (case, accents, punctuation: the gazetteer's `normalise`).
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  MYPKG: ['Klang', 'Port Kelang', 'Westport', 'Northport'],
  MYTPP: ['Port of Tanjung Pelepas', 'PTP'],
  CNNGB: ['Ningbo', 'Zhoushan', 'Beilun'],
  CNTXG: ['Xingang'],
  CNCAN: ['Canton'],
  KRPUS: ['Pusan'],
  BEANR: ['Antwerp-Bruges', 'Antwerpen'],
  INNSA: ['Jawaharlal Nehru Port', 'JNPT', 'Navi Mumbai'],
  INMUN: ['Adani Mundra'],
  INBOM: ['Bombay'],
  INMAA: ['Madras'],
  INKOL: ['Calcutta'],
  INCOK: ['Cochin'],
  IDTPP: ['Tanjung Priok', 'Jakarta'],
  IDSUB: ['Tanjung Perak'],
  VNSGN: ['Saigon', 'Cat Lai'],
  VNCMT: ['Cai Mep-Thi Vai', 'Cai Mep Thi Vai'],
  VNHPH: ['Hai Phong'],
  BDCGP: ['Chittagong'],
  USNYC: ['New York', 'New Jersey', 'Port Newark', 'Port Elizabeth', 'New York and New Jersey'],
  USLAX: ['San Pedro'],
  MAPTM: ['Tangier Med', 'Tanger-Med', 'Tangier'],
  EGPSD: ['East Port Said'],
  GRPIR: ['Pireas'],
  TRAMR: ['Istanbul Ambarli'],
  SAJED: ['Jeddah Islamic Port', 'Jiddah'],
  UAODS: ['Odessa'],
  ZAPLZ: ['Gqeberha'],
  PAONX: ['Colon Container Terminal'],
};

/** "Port of Rotterdam", "Rotterdam port": the place the words around name. */
const PORT_WORDS = /^(?:the )?port of |^port |(?: container)? (?:port|harbou?r|terminal)$/g;

export const locodeCount = BY_CODE.size;
export const allLocodes = (): readonly Locode[] => [...BY_CODE.values()];

/** The port or airport of a UN/LOCODE ("NLRTM", "NL RTM"), when the table knows it. */
export const findLocode = (code: string): Locode | undefined =>
  BY_CODE.get(
    code
      .trim()
      .toUpperCase()
      .replace(/^([A-Z]{2})\s+/, '$1'),
  );

/** The country a code names: its first two letters. */
export const countryOfLocode = (locode: Locode): string => locode.code.slice(0, 2);

let byName: ReadonlyMap<string, readonly Locode[]> | undefined;

/** Names and aliases, folded, with "port of" and "airport" dropped too: built on first use. */
function nameIndex(): ReadonlyMap<string, readonly Locode[]> {
  if (byName) return byName;
  const index = new Map<string, Locode[]>();
  const add = (key: string, locode: Locode) => {
    if (!key) return;
    const list = index.get(key) ?? [];
    if (!list.includes(locode)) list.push(locode);
    index.set(key, list);
  };
  for (const locode of BY_CODE.values()) {
    for (const name of [locode.name, ...(ALIASES[locode.code] ?? [])]) {
      const key = normalise(name);
      add(key, locode);
      add(key.replace(PORT_WORDS, ''), locode);
      if (locode.kind === 'AIRPORT') add(key.replace(/ airport$/, ''), locode);
    }
  }
  // Ports before airports: a name that means both is more often the port.
  for (const list of index.values())
    list.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'PORT' ? -1 : 1));
  byName = index;
  return index;
}

/**
 * The ports and airports a name (or a code) may mean, ports first, in `country` when one is
 * given: "Port Klang", "Klang", "MYPKG", "Westport" and "port of Westport" all find MYPKG.
 * `named` says whether the query was the place's code, name or alias; else it named the city
 * an airport is called after ("Madrid" for Madrid Airport).
 */
export function searchLocodes(
  query: string,
  country: string | null = null,
): { locode: Locode; named: boolean }[] {
  const byCode = /^[a-z]{2}\s?[a-z2-9]{3}$/i.test(query.trim()) ? findLocode(query) : undefined;
  const key = normalise(query);
  const found = new Set([
    ...(byCode ? [byCode] : []),
    ...(nameIndex().get(key) ?? []),
    ...(nameIndex().get(key.replace(PORT_WORDS, '')) ?? []),
  ]);
  return [...found]
    .filter((locode) => country === null || countryOfLocode(locode) === country)
    .map((locode) => {
      const name = normalise(locode.name);
      // Found only once " airport" was dropped from its name: the query named its city.
      const byItsCity =
        locode.kind !== 'PORT' && locode !== byCode && name !== key && / airport$/.test(name);
      return { locode, named: !byItsCity };
    });
}
